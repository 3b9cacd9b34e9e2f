import { type ClipboardEvent as ReactClipboardEvent, type RefObject, useEffect, useRef } from 'react';

/** What the grid does with clipboard events. */
export interface GridClipboardHandlers {
  /** The selection as TSV, for copy and cut. */
  copyText(): string;
  /** Clears the selection after a cut. */
  cut(): void;
  /** Places pasted text/plain at the active cell. */
  paste(text: string): void;
}

/**
 * Clipboard events for the grid (spec 02 §5 paste; issue 3 §5 copy as TSV): copy/cut/paste
 * events on the grid element (React handlers, returned) and, because a focused element that is
 * not editable lets the browser send them to the document body, the same events on the document
 * while the grid has focus. Text goes out and comes in as text/plain from the event's
 * clipboardData (the async clipboard API is not needed).
 */
export function useGridClipboard(scrollRef: RefObject<HTMLElement | null>, handlers: GridClipboardHandlers) {
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    const onClipboard = (event: ClipboardEvent) => {
      if (event.defaultPrevented || document.activeElement !== scrollRef.current) return;
      handleClipboardEvent(event, latest.current);
    };
    document.addEventListener('copy', onClipboard);
    document.addEventListener('cut', onClipboard);
    document.addEventListener('paste', onClipboard);
    return () => {
      document.removeEventListener('copy', onClipboard);
      document.removeEventListener('cut', onClipboard);
      document.removeEventListener('paste', onClipboard);
    };
  }, [scrollRef]);

  const onReactClipboard = (event: ReactClipboardEvent<HTMLElement>) => {
    handleClipboardEvent(event.nativeEvent, latest.current);
  };
  return { onCopy: onReactClipboard, onCut: onReactClipboard, onPaste: onReactClipboard };
}

function handleClipboardEvent(event: ClipboardEvent, handlers: GridClipboardHandlers): void {
  const clipboard = event.clipboardData;
  if (!clipboard) return;
  event.preventDefault();
  if (event.type === 'paste') {
    handlers.paste(clipboard.getData('text/plain'));
    return;
  }
  clipboard.setData('text/plain', handlers.copyText());
  if (event.type === 'cut') handlers.cut();
}
