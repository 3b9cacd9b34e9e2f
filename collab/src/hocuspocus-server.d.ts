/**
 * What Nomen's patch of @hocuspocus/server (patches/@hocuspocus+server+4.7.0.patch, applied to
 * its ESM build) adds to the package's options, declared here instead of in the package's typings
 * (collab/README.md, Presence).
 */
import '@hocuspocus/server';

declare module '@hocuspocus/server' {
  interface FlushOptions {
    /**
     * Window in ms over which awareness renewals (a newer clock with an unchanged state, sent by
     * every client every 15 s) are collected and relayed to the room as one message; joins,
     * changes and leaves are relayed at once. Keep it well below 12 s: peers drop a state 30 s
     * after its last renewal, and a renewal can come 18 s after the previous one.
     *
     * @default 5000
     */
    awarenessRenewalDelay?: number;
  }
}
