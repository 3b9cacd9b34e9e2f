import { Tooltip, type TooltipProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import {
  cloneElement,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type Ref,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';

/** Props of LazyTooltip: Mantine's Tooltip props, with one element child that takes a ref. */
export type LazyTooltipProps = Omit<TooltipProps, 'children' | 'opened' | 'target' | 'events'> & {
  children: ReactElement<ChildProps>;
};

/** What LazyTooltip adds to its child. */
interface ChildProps {
  ref?: Ref<HTMLElement>;
  onMouseEnter?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  'aria-describedby'?: string;
}

/**
 * A tooltip that costs nothing until it is shown: the child renders alone, and Mantine's Tooltip
 * (positioning, interaction hooks) mounts only while the label is open. It opens on hover after
 * `openDelay` ms and on keyboard focus (`:focus-visible`), closes on leave, blur and Escape, and
 * describes its child (aria-describedby) while open. For controls repeated in long lists (the
 * template editor's field cards), where a mounted Tooltip per control would slow the first paint
 * and every update (bench:templates). The child stays the same element whether or not the label is
 * open, so focus and state are kept.
 */
export function LazyTooltip({ children, openDelay = 0, label, disabled, ...tooltip }: LazyTooltipProps) {
  const node = useRef<HTMLElement>(null);
  const ref = useMergedRef(node, children.props.ref);
  const [isOpen, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const id = useId();
  useEffect(() => () => clearTimeout(timer.current), []);

  const open = (delay: number) => {
    clearTimeout(timer.current);
    if (delay > 0) timer.current = setTimeout(() => setOpen(true), delay);
    else setOpen(true);
  };
  const close = () => {
    clearTimeout(timer.current);
    setOpen(false);
  };
  const props = children.props;
  const shown = isOpen && !disabled && Boolean(label);

  return (
    <>
      {shown ? <Tooltip {...tooltip} id={id} label={label} opened target={node} /> : null}
      {cloneElement(children, {
        ref,
        'aria-describedby': shown ? id : props['aria-describedby'],
        onMouseEnter: (event) => {
          props.onMouseEnter?.(event);
          open(openDelay);
        },
        onMouseLeave: (event) => {
          props.onMouseLeave?.(event);
          close();
        },
        onFocus: (event) => {
          props.onFocus?.(event);
          if (event.currentTarget.matches(':focus-visible')) open(0);
        },
        onBlur: (event) => {
          props.onBlur?.(event);
          close();
        },
        onKeyDown: (event) => {
          props.onKeyDown?.(event);
          if (event.key === 'Escape' && isOpen) close();
        },
      })}
    </>
  );
}
