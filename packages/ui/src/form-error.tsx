/** A form-level error (server failures that belong to no single field). */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}
