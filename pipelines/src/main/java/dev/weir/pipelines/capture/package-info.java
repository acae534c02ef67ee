/**
 * Reading packet captures for replay: {@link dev.weir.pipelines.capture.CaptureFile} maps a pcap or pcapng file
 * read-only and walks its packets with a reusable {@link dev.weir.pipelines.capture.CapturePacket} flyweight. Nothing is copied and, once
 * warmed up, nothing is allocated per packet: offsets point into the mapping. Timestamps are nanoseconds since the
 * epoch. A corrupt capture fails with one {@link dev.weir.pipelines.capture.CaptureFormatException}
 * ({@code FILE: offset N (packet P): what is wrong}); a capture cut short in its last packet is not an error, the
 * reader reports where it ends ({@link dev.weir.pipelines.capture.CaptureFile#truncatedAt()}).
 *
 * <p>Every class here is meant for one reading thread.
 */
package dev.weir.pipelines.capture;
