/**
 * Reading NASDAQ market data from captured UDP payloads: MoldUDP64 packets ({@link
 * dev.weir.codec.itch.MoldUdp64Packet}), their sequence numbers per session ({@link
 * dev.weir.codec.itch.MoldSequenceTracker}), and the TotalView-ITCH 5.0 messages they carry
 * ({@link dev.weir.codec.itch.ItchMessageType}, {@link dev.weir.codec.itch.ItchMessageCounts}
 * and one flyweight decoder per decoded type).
 *
 * <p>Everything reads an Agrona {@code DirectBuffer} in place, big-endian, and allocates nothing
 * per packet or message once warm: a reader keeps one packet flyweight, one tracker, one counter and
 * one decoder of each type, and re-points them. Numbers keep their wire units: prices in 1/10,000
 * dollar, timestamps in nanoseconds since midnight, stock symbols as 8 ASCII bytes in a long
 * ({@link dev.weir.codec.itch.Alpha}). Nothing here is thread-safe; a reader thread owns its
 * instances.
 *
 * <p>The order of use, per UDP payload: {@code packet.wrap(buffer, offset, length)} (a payload
 * whose messages do not fit throws {@link dev.weir.codec.itch.MoldFormatException} naming the
 * payload offset), {@code tracker.track(packet)} (gaps and duplicates), then {@code packet.next()}
 * over the messages, {@code counts.classify(...)} for each, and the matching decoder's {@code wrap}
 * for those classified to a type.
 */
package dev.weir.codec.itch;
