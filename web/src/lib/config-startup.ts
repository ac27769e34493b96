import { getConfig, WebConfigError } from './config';

export function checkConfigAtStartup(): void {
  try {
    getConfig();
  } catch (error) {
    if (error instanceof WebConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
