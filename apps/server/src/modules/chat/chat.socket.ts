import { pingPayloadSchema } from '@maplesource/contracts/realtime/events';
import type { Realtime } from '../../plugins/realtime';

/**
 * The chat backend's socket handlers. `ping` (spec §4: every 30 s while connected) answers `pong`
 * with the client's timestamp and the server time, so the client can measure the round trip.
 */
export function registerChatSocketHandlers(realtime: Realtime) {
  realtime.handle('ping', pingPayloadSchema, (socket, { timestamp }) => {
    socket.emit('pong', { timestamp, serverTime: Date.now() });
  });
}
