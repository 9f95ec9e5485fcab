// The ceiling for chat-realtime.mjs: a bare Socket.IO relay in its own process, as our server runs in its own
// process. No cookie check, no storage: `sendMessage` is emitted to the other user's room and acknowledged.
// Prints `listening <port>`.
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const server = createServer();
const io = new Server(server, { transports: ['websocket'] });
io.on('connection', (socket) => {
  void socket.join(`user:${String(socket.handshake.query.me)}`);
  socket.on('sendMessage', (payload, ack) => {
    io.to(`user:${payload.receiverId}`).emit('messageReceived', {
      chatId: payload.chatId,
      message: { clientMessageId: payload.clientMessageId, text: payload.text },
    });
    if (typeof ack === 'function') ack({ ok: true });
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening ${server.address().port}\n`);
});
process.on('SIGTERM', () => process.exit(0));
