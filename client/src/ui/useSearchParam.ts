import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * One query parameter of the address as a page's state (the search text kept in ?q=, spec 01
 * §2.4, §2.9; the field drawer's ?open=, spec 02 §2): answers its value (null when absent) and a
 * setter that writes a non-empty value or removes the parameter for '' or null, keeping the
 * address's other parameters and replacing the history entry rather than adding one. The setter
 * changes only when react-router's does, so effects may depend on it.
 */
export function useSearchParam(name: string): [string | null, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (value: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [name, setParams],
  );
  return [params.get(name), set];
}
