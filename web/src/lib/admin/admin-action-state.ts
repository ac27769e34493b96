/** What a one-button admin action answers: a status message, or the API's reason for refusing. */
export interface AdminActionState {
  message?: string;
  error?: string;
}
