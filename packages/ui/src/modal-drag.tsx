import {
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
} from 'react';
import { clampOffset, keyOffset, type Offset } from './modal-drag-math';
import { ModalDragContext } from './modal-drag-switch';

export { ModalDragProvider } from './modal-drag-switch';

/** Wide enough, and a mouse or pen: a dialog can be moved there. */
const MOVABLE_MEDIA = '(min-width: 601px) and (pointer: fine)';

function useMatchMedia(query: string): boolean {
  const [matches, setMatches] = useState(
    () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
  );
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const onChange = () => setMatches(list.matches);
    onChange();
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return matches;
}

const ZERO: Offset = { x: 0, y: 0 };

function viewport() {
  return { width: document.documentElement.clientWidth, height: document.documentElement.clientHeight };
}

/** The box where the layout put it: its drawn place less the offset it was moved by. */
function layoutBox(box: HTMLElement, offset: Offset) {
  const rect = box.getBoundingClientRect();
  return { left: rect.left - offset.x, top: rect.top - offset.y, width: rect.width, height: rect.height };
}

/**
 * Moving a dialog by its header: a mouse drag (pointer events, captured so a fast move does not lose
 * it) and the arrow keys on the header's move control (Shift for bigger steps, Home back to the
 * centre), always clamped inside the viewport, again on every window resize.
 *
 * Written here rather than with a drag library: the libraries (react-draggable, dnd-kit) move the
 * node with their own transform and listeners on the document, and dnd-kit's keyboard sensor takes
 * Escape and Tab as drag keys, which the dialog's focus trap and Escape-to-close already own. The
 * offset is applied with the `translate` property, so the dialog's own opening animation (a
 * transform) is untouched.
 */
export function useModalDrag(boxRef: RefObject<HTMLElement | null>, wanted: boolean) {
  const allowed = useContext(ModalDragContext);
  const wideEnough = useMatchMedia(MOVABLE_MEDIA);
  const enabled = wanted && allowed && wideEnough;
  const [stored, setStored] = useState<Offset>(ZERO);
  // Read by the pointer and resize handlers without re-subscribing them; written with the state.
  const offsetRef = useRef<Offset>(ZERO);
  const setOffset = useCallback((next: Offset) => {
    offsetRef.current = next;
    setStored(next);
  }, []);
  // Where moving is not allowed (a phone's width, the switch off) the dialog sits where the layout puts it.
  const offset = enabled ? stored : ZERO;
  const drag = useRef<{ pointerId: number; startX: number; startY: number; from: Offset } | null>(null);

  const moveTo = useCallback(
    (wantedOffset: Offset) => {
      const box = boxRef.current;
      if (!box) return;
      setOffset(clampOffset(wantedOffset, layoutBox(box, offsetRef.current), viewport()));
    },
    [boxRef, setOffset],
  );

  useEffect(() => {
    if (!enabled) return;
    const onResize = () => moveTo(offsetRef.current);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [enabled, moveTo]);

  const headProps = enabled
    ? {
        onPointerDown(event: PointerEvent<HTMLElement>) {
          // The header's own controls (close) keep their clicks.
          if (
            event.button !== 0 ||
            (event.target as HTMLElement).closest('button:not(.modal__move), a, input, select, textarea')
          )
            return;
          event.preventDefault();
          event.currentTarget.setPointerCapture(event.pointerId);
          drag.current = {
            pointerId: event.pointerId,
            startX: event.clientX,
            startY: event.clientY,
            from: offsetRef.current,
          };
        },
        onPointerMove(event: PointerEvent<HTMLElement>) {
          const current = drag.current;
          if (!current || current.pointerId !== event.pointerId) return;
          moveTo({
            x: current.from.x + event.clientX - current.startX,
            y: current.from.y + event.clientY - current.startY,
          });
        },
        onPointerUp(event: PointerEvent<HTMLElement>) {
          if (drag.current?.pointerId === event.pointerId) drag.current = null;
        },
        onPointerCancel() {
          drag.current = null;
        },
      }
    : {};

  const onMoveKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Home') {
      event.preventDefault();
      setOffset(ZERO);
      return;
    }
    const next = keyOffset(event.key, event.shiftKey, offsetRef.current);
    if (!next) return;
    event.preventDefault();
    moveTo(next);
  };

  return { enabled, offset, headProps, onMoveKeyDown };
}
