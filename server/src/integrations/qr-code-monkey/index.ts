import { integrationProvider } from '../provider';
import { qrCodeMonkeyDeliverer } from './deliverer';

/**
 * The manifest of QRCode Monkey: the qr-code-monkey deliverer (spec 03 §3 QR metadata).
 */
export const qrCodeMonkeyProvider = integrationProvider({
  name: 'qr-code-monkey',
  deliverers: { 'qr-code-monkey': qrCodeMonkeyDeliverer },
});
