import './ui.css';

/** A small circular progress indicator; decorative, the caller announces the busy state. */
export function Spinner({ size = 20 }: { size?: number }) {
  return <span className="spinner" style={{ width: size, height: size }} aria-hidden="true" />;
}
