/**
 * Bounded memos for the submission rules (issue 11 "Performance"): the rules of a compiled form are
 * pure functions of a cell's text, and a table of 50,000 rows holds far fewer distinct values per
 * field, so each distinct value is governed once.
 */

/** How many distinct keys one memo remembers the outcome of before it starts afresh. */
export const OUTCOME_MEMO_LIMIT = 8192;

/**
 * A memo of outcomes by text key, holding at most OUTCOME_MEMO_LIMIT of them (then forgotten at
 * once, so memory stays bounded whatever the rows hold). Answers must be treated as read-only.
 */
export function boundedMemo<T>(): (key: string, outcome: () => T) => T {
  let memo = new Map<string, T>();
  return (key, outcome) => {
    let answer = memo.get(key);
    if (answer === undefined) {
      answer = outcome();
      if (memo.size >= OUTCOME_MEMO_LIMIT) memo = new Map();
      memo.set(key, answer);
    }
    return answer;
  };
}

/** `outcome` remembered per text (see `boundedMemo`); `outcome` must be a pure function of it. */
export function memoByText<T>(outcome: (text: string) => T): (text: string) => T {
  const memo = boundedMemo<T>();
  return (text) => memo(text, () => outcome(text));
}
