package dev.weir.pipelines.replay;

import dev.weir.clock.Clock;
import dev.weir.codec.capture.CaptureFile;
import dev.weir.codec.capture.CaptureFormat;
import dev.weir.codec.capture.CaptureFormatException;
import dev.weir.codec.capture.CapturePacket;
import dev.weir.codec.capture.DatagramDecoder;
import dev.weir.source.ReadStatus;
import dev.weir.source.SourceOutput;
import dev.weir.source.SourceReader;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads capture files one after the other, straight from their windows: every packet's UDP datagram that the
 * filter keeps goes to the decoder, and its events go into the pipeline; in a file of length-prefixed ITCH messages
 * every message is one payload, for a decoder that {@link PayloadDecoder#readsItchMessages() reads them}. A packet is read once the clock has
 * reached the time its {@link ReplayPace} gives it, and {@link #nextAvailableMillis()} tells the scheduler that
 * time, so on the virtual clock processing time is the capture time. Nothing is allocated per packet or event.
 *
 * <p>A fault in a file (a corrupt header, a payload that breaks its format) stops the replay with
 * {@code FILE: offset N (packet P): what is wrong}; with {@code skipBad} it is a counted warning instead: a
 * bad payload is skipped, a corrupt file header ends that file. A file cut short inside its last packet is a
 * warning, its complete packets are replayed. Runs on the source task's thread only.
 *
 * @param <E> the decoded event type
 */
final class CaptureReader<E> implements SourceReader<E>, DecodedEvents<E> {
    /** Events one read hands on at most (a little more when a datagram carries many): bounds the overflow. */
    static final int EVENTS_PER_READ = 1024;

    private final List<Path> files;
    private final PayloadDecoder<E> decoder;
    private final ReplayPace pace;
    private final Clock clock;
    private final boolean skipBad;
    private final ReplayWarnings warnings;
    private final ReplayProgress progress;
    private final DatagramDecoder datagrams;
    private final boolean filtered;
    private final Payload datagram = new Payload();

    private final Runnable firstPacket;
    private CaptureFile file;
    private int fileIndex = -1;
    private long bytesBefore;
    /** A packet read from the file and decoded to a datagram, waiting for its time. */
    private boolean pending;
    private boolean started;
    private long firstCaptureNanos;
    private long startMillis;
    private SourceOutput<E> output;

    private long packets;
    private long itchMessages;
    private long events;
    private long maxEventTime = Long.MIN_VALUE;
    private long badPayloads;
    private long badFiles;
    private long truncatedFiles;
    private long untimedPackets;
    private boolean ended;

    /**
     * @param options the files in order, the filter, the pace and whether faults are skipped
     * @param decoder turns each kept datagram into events
     * @param clock the replay's processing time
     * @param warnings where warnings go
     * @param progress updated once per read
     */
    CaptureReader(final ReplayOptions options, final PayloadDecoder<E> decoder, final Clock clock, final ReplayWarnings warnings,
            final ReplayProgress progress) {
        this(options, decoder, clock, warnings, progress, () -> { });
    }

    /**
     * @param options the files in order, the filter, the pace and whether faults are skipped
     * @param decoder turns each kept datagram into events
     * @param clock the replay's processing time
     * @param warnings where warnings go
     * @param progress updated once per read
     * @param firstPacket told once, on the reading thread, right after the first packet of the replay is read (a CSV
     *     header waits for it, so that a file that is not a capture prints nothing before its error)
     */
    CaptureReader(final ReplayOptions options, final PayloadDecoder<E> decoder, final Clock clock, final ReplayWarnings warnings,
            final ReplayProgress progress, final Runnable firstPacket) {
        this.firstPacket = firstPacket;
        this.files = options.files();
        this.datagrams = new DatagramDecoder(options.filter());
        this.filtered = !options.filter().keepsAll();
        this.decoder = decoder;
        this.pace = options.pace();
        this.clock = clock;
        this.skipBad = options.skipBad();
        this.warnings = warnings;
        this.progress = progress;
    }

    @Override
    public ReadStatus read(final SourceOutput<E> out) {
        if (ended) {
            return ReadStatus.END;
        }
        output = out;
        final long eventsBefore = events;
        try {
            while (events - eventsBefore < EVENTS_PER_READ) {
                if (!pending && !nextDatagram()) {
                    ended = true;
                    decoder.endOfInput();
                    return ReadStatus.END;
                }
                if (!started) {
                    started = true;
                    firstCaptureNanos = datagram.captureTimeNanos();
                    startMillis = clock.millis();
                }
                if (availableAtMillis() > clock.millis()) {
                    return events > eventsBefore ? ReadStatus.MORE : ReadStatus.NOTHING_AVAILABLE;
                }
                pending = false;
                decode();
            }
            return ReadStatus.MORE;
        } finally {
            progress.update(bytesBefore + (file != null ? file.bytesRead() : 0), packets + itchMessages, events, maxEventTime);
        }
    }

    @Override
    public long nextAvailableMillis() {
        return pending ? availableAtMillis() : UNKNOWN_AVAILABILITY;
    }

    private long availableAtMillis() {
        return pace.availableAtMillis(datagram.captureTimeNanos(), firstCaptureNanos, startMillis);
    }

    @Override
    public void emit(final E event, final long eventTimeMillis) {
        events++;
        if (eventTimeMillis > maxEventTime) {
            maxEventTime = eventTimeMillis;
        }
        output.emit(event, eventTimeMillis);
    }

    private void decode() {
        try {
            decoder.decode(datagram, this);
        } catch (final PayloadFormatException e) {
            final CaptureFormatException fault = new CaptureFormatException(datagram.fileName(),
                    datagram.fileOffsetOf(e.payloadOffset()), datagram.packetNumber(), e.reason());
            if (!skipBad) {
                throw fault;
            }
            badPayloads++;
            warnings.warn(fault.getMessage() + " (skipped)");
        }
    }

    /** Reads packets until one holds a datagram the filter keeps; false after the last file. */
    private boolean nextDatagram() {
        while (true) {
            if (file == null && !openNextFile()) {
                return false;
            }
            final CapturePacket packet = datagram.packet();
            final boolean read;
            try {
                read = file.next(packet);
            } catch (final CaptureFormatException e) {
                if (!skipBad) {
                    throw e;
                }
                badFiles++;
                warnings.warn(e.getMessage() + " (the rest of the file is skipped)");
                closeFile();
                continue;
            }
            if (!read) {
                if (file.truncatedAt() >= 0) {
                    truncatedFiles++;
                    warnings.warn(file.name() + ": offset " + file.truncatedAt() + ": the capture ends inside a packet"
                            + " (cut short while it was written); the complete packets before it were replayed");
                }
                closeFile();
                continue;
            }
            if (packets + itchMessages == 0) {
                firstPacket.run();
            }
            if (file.format() == CaptureFormat.ITCH_MESSAGES) {
                itchMessages++;
                datagram.ip().message(packet);
                pending = true;
                return true;
            }
            packets++;
            if (datagrams.decode(packet, datagram.ip())) {
                pending = true;
                return true;
            }
        }
    }

    private boolean openNextFile() {
        while (++fileIndex < files.size()) {
            final Path path = files.get(fileIndex);
            try {
                file = CaptureFile.open(path);
                if (file.format() == CaptureFormat.ITCH_MESSAGES) {
                    requireMessagesReadable(file);
                }
                datagram.file(file.name());
                return true;
            } catch (final CaptureFormatException e) {
                if (file != null) {
                    file.close();
                    file = null;
                }
                if (!skipBad) {
                    throw e;
                }
                badFiles++;
                warnings.warn(e.getMessage() + " (the file is skipped)");
            }
        }
        return false;
    }

    /** A file of ITCH messages has no datagrams: only a decoder of ITCH messages reads it, and no filter applies. */
    private void requireMessagesReadable(final CaptureFile messages) {
        if (!decoder.readsItchMessages()) {
            throw new CaptureFormatException(messages.name(), 0, 1, "the file holds length-prefixed ITCH 5.0 messages, not packets;"
                    + " this pipeline decodes UDP datagrams of a pcap or pcapng capture (ITCH message files replay with the ITCH"
                    + " pipelines, ohlcv and vwap, or --decoder itch)");
        }
        if (filtered) {
            throw new CaptureFormatException(messages.name(), 0, 1, "the file holds length-prefixed ITCH 5.0 messages, not packets:"
                    + " --port and --address select UDP datagrams, and it has none");
        }
    }

    private void closeFile() {
        bytesBefore += file.length();
        untimedPackets += file.untimedPackets();
        file.close();
        file = null;
    }

    @Override
    public void close() {
        if (file != null) {
            closeFile();
        }
    }

    /** @return what was read: packets, datagrams, skips and faults; read after the replay has ended */
    CaptureReadCounts counts() {
        return new CaptureReadCounts(packets, datagrams.datagrams(), datagrams.fragments(), datagrams.notUdp(), datagrams.malformed(),
                datagrams.unsupportedLink(), datagrams.filteredOut(), events, badPayloads, badFiles, truncatedFiles, datagrams.cutBySnapLength(),
                datagrams.lengthMismatches(), untimedPackets, itchMessages);
    }
}
