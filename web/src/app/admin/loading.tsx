/** Shown while a back-office page loads its data (a slow connection or a large filter). */
export default function AdminLoading() {
  return (
    <p role="status" aria-live="polite">
      Loading…
    </p>
  );
}
