package dev.weir.jobs.inspect;

import dev.weir.codec.capture.CaptureFile;
import dev.weir.codec.capture.CaptureFileException;
import dev.weir.codec.capture.CaptureFormat;
import dev.weir.codec.capture.CaptureFormatException;
import dev.weir.codec.capture.CapturePacket;
import dev.weir.codec.capture.Datagram;
import dev.weir.codec.capture.DatagramDecoder;
import dev.weir.codec.capture.DatagramFilter;
import dev.weir.codec.payload.LatenessHistogram;
import dev.weir.codec.payload.MessageTally;
import dev.weir.codec.payload.PayloadAnalysis;
import dev.weir.codec.payload.PayloadGuess;
import dev.weir.codec.payload.PayloadSample;
import dev.weir.pipelines.replay.CaptureProtocols;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Reads capture files and reports what they hold ({@link InspectionReport}): first the payload format is guessed
 * from the first {@value PayloadSample#SIZE} payloads among the {@link CaptureProtocols} (or taken from the options; files of length-prefixed ITCH
 * messages hold ITCH, and each of their messages counts as a packet), then every packet of every file
 * is read once, in the order given, counting packets, datagrams and flows per file and decoding the payloads of
 * the chosen port. Memory stays bounded whatever the files' size: counters, at most {@value FlowTable#MAX_FLOWS}
 * flows, a few listed gaps and sessions, and the lateness histogram, which grows with the number of distinct
 * lateness values in ms, not with the number of events ({@link LatenessHistogram}). Nothing is allocated per
 * packet once warm, save for payloads that are damaged, reordered or repeated. Not thread-safe; one inspection at a
 * time.
 */
public final class CaptureInspector {
    private final InspectOptions options;

    /** @param options the port and payload format */
    public CaptureInspector(final InspectOptions options) {
        this.options = options;
    }

    /**
     * Inspects the files.
     *
     * @param files the captures, in replay order
     * @param onFile told of each file's inspection as soon as it is complete, before the next file is read
     * @return the report
     * @throws CaptureFileException if a file is missing, a directory or unreadable (before any is read)
     * @throws CaptureFormatException if a capture is corrupt: {@code FILE: offset N (packet P): what is wrong}
     */
    public InspectionReport inspect(final List<Path> files, final Consumer<FileInspection> onFile) {
        for (final Path file : files) {
            CaptureFile.requireReadable(file);
        }
        final DatagramFilter decoded = options.port() < 0 ? DatagramFilter.any() : DatagramFilter.any().destinationPort(options.port());
        final PayloadGuess guess = guess(files, decoded);
        final LatenessHistogram lateness = new LatenessHistogram();
        final PayloadAnalysis analysis = guess.format() == null ? null : guess.format().analysis(lateness);
        final TrafficCounter total = new TrafficCounter();
        final List<FileInspection> inspected = new ArrayList<>();
        final CapturePacket packet = new CapturePacket();
        final Datagram datagram = new Datagram();
        for (final Path file : files) {
            final MessageTally before = analysis == null ? MessageTally.none() : analysis.tally();
            final TrafficCounter traffic = new TrafficCounter();
            final DatagramDecoder decoder = new DatagramDecoder(DatagramFilter.any());
            final long truncatedAt;
            final CaptureLayout layout;
            try (CaptureFile capture = CaptureFile.open(file)) {
                final boolean messages = capture.format() == CaptureFormat.ITCH_MESSAGES;
                while (capture.next(packet)) {
                    traffic.packet(packet);
                    if (messages) {
                        if (analysis != null) {
                            analysis.message(capture.name(), packet);
                        }
                    } else if (decoder.decode(packet, datagram)) {
                        traffic.flows().add(datagram);
                        if (decoded.accepts(datagram)) {
                            traffic.decoded();
                            if (analysis != null) {
                                analysis.payload(capture.name(), packet, datagram);
                            }
                        }
                    }
                }
                truncatedAt = capture.truncatedAt();
                traffic.untimed(capture.untimedPackets());
                layout = CaptureLayout.read(file, capture.format());
            }
            traffic.datagrams(decoder);
            final MessageTally messages = analysis == null ? MessageTally.none() : analysis.tally().since(before);
            final FileInspection inspection = new FileInspection(file.toString(), layout, traffic.traffic(messages), truncatedAt);
            inspected.add(inspection);
            total.add(traffic);
            onFile.accept(inspection);
        }
        return new InspectionReport(inspected, total.traffic(analysis == null ? MessageTally.none() : analysis.tally()), options.port(),
                guess, analysis == null ? null : analysis.section(), LatenessSummary.of(lateness));
    }

    /**
     * @param files the captures, in replay order
     * @return the report
     * @see #inspect(List, Consumer)
     */
    public InspectionReport inspect(final List<Path> files) {
        return inspect(files, inspection -> { });
    }

    /** Looks at the first payloads; a corrupt capture ends the sample, the full read reports it where it is. */
    private PayloadGuess guess(final List<Path> files, final DatagramFilter decoded) {
        final PayloadSample sample = PayloadSample.of(files, decoded, CaptureProtocols.all());
        return options.decoder() == null ? sample.guess() : sample.chosen(options.decoder());
    }
}
