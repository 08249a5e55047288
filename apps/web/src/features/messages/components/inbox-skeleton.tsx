/** Three grey rows while a list of the inbox loads. */
export function InboxSkeleton({ label }: { label: string }) {
  return (
    <div className="messages-page__skeleton" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      <span />
      <span />
      <span />
    </div>
  );
}
