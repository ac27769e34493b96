/** Checks the configuration once when the server starts, so a missing secret stops it with a clear message. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { checkConfigAtStartup } = await import('./lib/config-startup');
    checkConfigAtStartup();
  }
}
