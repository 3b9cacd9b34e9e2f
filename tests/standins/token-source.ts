/**
 * A credential holder for client tests: answers `first` until the client reports it refused,
 * then refreshes to `refreshed` (as the connectors code does with an OAuth refresh grant) and
 * counts the refreshes.
 */
export function rotatingToken(first: string, refreshed: string) {
  let current = first;
  let refreshes = 0;
  return {
    getAccessToken: async (): Promise<string> => current,
    onUnauthorized: async (): Promise<void> => {
      refreshes++;
      current = refreshed;
    },
    /** How many times the client asked for a refresh. */
    get refreshes(): number {
      return refreshes;
    },
  };
}
