/**
 * Generating captured traffic for replay: {@link dev.weir.pipelines.generate.CaptureWriter} writes UDP datagrams as
 * Ethernet/IPv4/UDP frames into a pcap or pcapng file (or any stream), {@link dev.weir.pipelines.generate.ItchMessageWriter}
 * encodes TotalView-ITCH 5.0 messages and {@link dev.weir.pipelines.generate.MoldUdp64Framer} packs them into MoldUDP64
 * packets; the traffic generators make realistic, reproducible market-data and StatsD traffic from a seed and hand
 * it to a {@link dev.weir.pipelines.generate.DatagramSink}. What is written reads back through
 * {@code dev.weir.codec.capture}, {@code dev.weir.codec.itch} and {@code dev.weir.codec.statsd}.
 *
 * <p>Writers and generators are for one thread each.
 */
package dev.weir.pipelines.generate;
