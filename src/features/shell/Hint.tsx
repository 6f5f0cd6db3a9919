/**
 * A small tooltip: shown on hover, keyboard focus and touch of what it wraps, above it, in the
 * theme's tooltip colours. It replaces the positioning engine of a general tooltip in the pages
 * people load first (the generator), where a hint beside a button is all that is needed.
 */
import { useId, useState, type CSSProperties, type ReactElement } from 'react';

type HintProps = {
  label: string;
  children: ReactElement;
  disabled?: boolean;
  /** Wraps the label at this width (px) instead of keeping it on one line. */
  width?: number;
};

const bubble: CSSProperties = {
  position: 'absolute',
  bottom: 'calc(100% + 8px)',
  left: '50%',
  transform: 'translateX(-50%)',
  zIndex: 300,
  padding: '5px 10px',
  borderRadius: 'var(--mantine-radius-sm)',
  background: 'var(--mantine-color-dark-6)',
  color: 'var(--mantine-color-white)',
  fontSize: 'var(--mantine-font-size-xs)',
  lineHeight: 1.4,
  pointerEvents: 'none',
  boxShadow: 'var(--mantine-shadow-sm)',
};

export function Hint({ label, children, disabled, width }: HintProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const show = () => setShown(true);
  const hide = () => setShown(false);
  return (
    <span
      style={{ position: 'relative', display: 'inline-flex' }}
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
      onTouchStart={show}
      onKeyDown={(event) => event.key === 'Escape' && hide()}
    >
      {children}
      {shown && !disabled ? (
        <span role="tooltip" id={id} style={{ ...bubble, ...(width ? { width, whiteSpace: 'normal' } : { whiteSpace: 'nowrap' }) }}>
          {label}
        </span>
      ) : null}
    </span>
  );
}
