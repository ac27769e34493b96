/** What a cart Server Action hands back to the form that called it. */
export type ActionState =
  | { status: 'idle' }
  | { status: 'done'; message: string; at: number }
  | { status: 'error'; message: string; at: number };

export const IDLE: ActionState = { status: 'idle' };

export const done = (message: string): ActionState => ({ status: 'done', message, at: Date.now() });

export const failed = (message: string): ActionState => ({ status: 'error', message, at: Date.now() });
