import { createOutboundPolicy } from '../security/outbound';

/**
 * The operator allow-list the API tests run with (README "Security", OUTBOUND_ALLOW): the local
 * peers and provider stand-ins listen on loopback, which the outbound rule refuses otherwise.
 */
export const LOCAL_PEERS_ALLOW = '127.0.0.1/32,::1/128';

/** The outbound rule with {@link LOCAL_PEERS_ALLOW}, for tests that build provider clients directly. */
export const localOutbound = createOutboundPolicy(LOCAL_PEERS_ALLOW);
