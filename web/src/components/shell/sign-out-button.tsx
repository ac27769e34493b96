import { signOut } from './actions';

/** A plain form: signing out works before any script has loaded, and the proxy checks its Origin. */
export function SignOutButton({ className = 'nav-link' }: { className?: string }) {
  return (
    <form action={signOut} className="sign-out-form">
      <button type="submit" className={className}>
        Sign out
      </button>
    </form>
  );
}
