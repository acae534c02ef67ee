/**
 * Reading packet captures for replay: {@link dev.weir.codec.capture.CaptureFile} maps a pcap or pcapng file
 * read-only and walks its packets with a reusable {@link dev.weir.codec.capture.CapturePacket} flyweight;
 * {@link dev.weir.codec.capture.DatagramDecoder} finds the UDP datagram inside a packet's link and IP headers,
 * keeps those a {@link dev.weir.codec.capture.DatagramFilter} accepts and describes each in a reusable
 * {@link dev.weir.codec.capture.Datagram} view, counting what it skips (fragments, non-UDP, malformed).
 * Nothing is copied and, once warmed up, nothing is allocated per packet: offsets point into the mapping. Timestamps are nanoseconds since the
 * epoch. A corrupt capture fails with one {@link dev.weir.codec.capture.CaptureFormatException}
 * ({@code FILE: offset N (packet P): what is wrong}); a capture cut short in its last packet is not an error, the
 * reader reports where it ends ({@link dev.weir.codec.capture.CaptureFile#truncatedAt()}).
 *
 * <p>Files, packets, decoders and datagram views are for one reading thread each; filters are immutable.
 */
package dev.weir.codec.capture;
