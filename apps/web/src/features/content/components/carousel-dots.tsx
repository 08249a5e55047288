type CarouselDotsProps = {
  /** One key per slide, in order. */
  keys: readonly string[];
  selected: number;
  onSelect: (index: number) => void;
  /** The dot's accessible name for slide `n` (1-based) of `count`. */
  labelOf: (n: number, count: number) => string;
  /** The CSS block: `<block>__dots` and `<block>__dot`. */
  block: string;
};

/** A carousel's clickable pagination: one button per slide, the shown one marked current. */
export function CarouselDots({ keys, selected, onSelect, labelOf, block }: CarouselDotsProps) {
  return (
    <div className={`${block}__dots`}>
      {keys.map((key, index) => (
        <button
          key={key}
          type="button"
          className={`${block}__dot`}
          aria-label={labelOf(index + 1, keys.length)}
          aria-current={index === selected ? 'true' : undefined}
          onClick={() => onSelect(index)}
        />
      ))}
    </div>
  );
}
