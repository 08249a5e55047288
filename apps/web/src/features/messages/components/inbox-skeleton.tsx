/** Three grey rows while a list of the inbox loads. */
export function InboxSkeleton({ label }: { label: string }) {
  return (
    <div className="messages-page__skeleton" aria-busy="true" aria-label={label}>
      <span />
      <span />
      <span />
    </div>
  );
}
