/**
 * A small circular progress indicator; decorative, the caller announces the busy state.
 * The size is set through the CSSOM (not a style attribute in markup), which a strict CSP allows.
 */
export function Spinner({ size = 20 }: { size?: number }) {
  return <span className="spinner" style={{ width: size, height: size }} aria-hidden="true" />;
}
