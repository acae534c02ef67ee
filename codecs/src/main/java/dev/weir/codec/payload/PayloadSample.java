package dev.weir.codec.payload;

import dev.weir.codec.capture.CaptureFile;
import dev.weir.codec.capture.CaptureFormat;
import dev.weir.codec.capture.CaptureFormatException;
import dev.weir.codec.capture.CapturePacket;
import dev.weir.codec.capture.Datagram;
import dev.weir.codec.capture.DatagramDecoder;
import dev.weir.codec.capture.DatagramFilter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.agrona.DirectBuffer;

/**
 * Guesses the payload format from the first {@value #SIZE} non-empty payloads: each format's {@link PayloadSampler}
 * sees them all, and the first format, in {@link PayloadFormat#order()}, whose sampler matches is the guess; else
 * unknown, with what each format's sampler found. The formats' thresholds (90% for the built-in ones) leave room
 * for a few damaged packets, which the decoding then counts. Files of length-prefixed ITCH messages have no
 * datagrams: the first format that reads them takes them. Not thread-safe.
 */
public final class PayloadSample {
    /** How many non-empty payloads are looked at. */
    public static final int SIZE = 256;

    private final List<PayloadFormat> formats;
    private final List<PayloadSampler> samplers = new ArrayList<>();
    private int payloads;
    private int messageFiles;

    /** @param formats the formats to tell apart, in {@link PayloadFormat#order()} */
    public PayloadSample(final List<? extends PayloadFormat> formats) {
        this.formats = List.copyOf(formats);
        for (final PayloadFormat format : this.formats) {
            samplers.add(format.sampler());
        }
    }

    /**
     * @param part how many are of a kind
     * @param whole how many there are
     * @return true if the part is at least 90% of the whole
     */
    public static boolean atLeastNinetyPercent(final long part, final long whole) {
        return part * 10 >= whole * 9;
    }

    /** @return true while no payload was taken */
    public boolean empty() {
        return payloads == 0;
    }

    /** @return true once {@value #SIZE} payloads were taken */
    public boolean full() {
        return payloads == SIZE;
    }

    /**
     * @param buffer the bytes
     * @param offset the payload's first byte
     * @param length the payload's length; an empty payload is not taken
     */
    public void add(final DirectBuffer buffer, final int offset, final int length) {
        if (length == 0 || full()) {
            return;
        }
        payloads++;
        for (final PayloadSampler sampler : samplers) {
            sampler.add(buffer, offset, length);
        }
    }

    /** Counts a file of length-prefixed ITCH messages: it has no datagrams to sample, its format says what it holds. */
    public void addMessageFile() {
        messageFiles++;
    }

    /** @return the guess from the payloads taken so far, with the evidence */
    public PayloadGuess guess() {
        if (payloads == 0 && messageFiles > 0) {
            for (int i = 0; i < formats.size(); i++) {
                final String evidence = samplers.get(i).messageFiles(messageFiles);
                if (evidence != null) {
                    return new PayloadGuess(formats.get(i), false, evidence);
                }
            }
        }
        if (payloads == 0) {
            return new PayloadGuess(null, false, "no non-empty UDP payload to look at");
        }
        final List<String> shortfalls = new ArrayList<>();
        for (int i = 0; i < formats.size(); i++) {
            if (samplers.get(i).matches()) {
                return new PayloadGuess(formats.get(i), false, samplers.get(i).evidence());
            }
            shortfalls.add(samplers.get(i).shortfall());
        }
        return new PayloadGuess(null, false, "of " + payloads + " sampled payloads " + String.join(" and ", shortfalls) + "; "
                + (shortfalls.size() == 2 ? "neither reaches" : shortfalls.size() == 1 ? "it does not reach" : "none reaches") + " 90%");
    }

    /**
     * @param forced the format {@code --decoder} chose
     * @return that format, with what the payloads suggest as the reason
     */
    public PayloadGuess chosen(final PayloadFormat forced) {
        final PayloadGuess guess = guess();
        if (payloads == 0 && messageFiles > 0) {
            return new PayloadGuess(forced, true, "chosen by --decoder " + forced.name() + "; " + guess.reason());
        }
        return new PayloadGuess(forced, true, "chosen by --decoder " + forced.name() + "; the payloads suggest "
                + guess.title() + ": " + guess.reason());
    }

    /**
     * Guesses what the payloads of some captures are, the way {@code weir inspect} does without {@code --decoder}:
     * from the first {@value #SIZE} non-empty payloads of the datagrams the filter keeps. A file that cannot be read
     * or is corrupt ends the sample.
     *
     * @param files the captures, in replay order
     * @param kept the datagrams to look at
     * @param formats the formats to tell apart, in {@link PayloadFormat#order()}
     * @return the guess, with its evidence
     */
    public static PayloadGuess guess(final List<Path> files, final DatagramFilter kept, final List<? extends PayloadFormat> formats) {
        try {
            return of(files, kept, formats).guess();
        } catch (final RuntimeException unreadable) {
            return new PayloadGuess(null, false, "the captures could not be read again: " + unreadable.getMessage());
        }
    }

    /**
     * Samples the first {@value #SIZE} non-empty payloads of some captures; a corrupt capture ends the sample (reading
     * the file again reports it where it is).
     *
     * @param files the captures, in replay order
     * @param kept the datagrams to look at
     * @param formats the formats to tell apart, in {@link PayloadFormat#order()}
     * @return the sample
     * @throws dev.weir.codec.capture.CaptureFileException if a file is missing or unreadable
     */
    public static PayloadSample of(final List<Path> files, final DatagramFilter kept, final List<? extends PayloadFormat> formats) {
        final PayloadSample sample = new PayloadSample(formats);
        final CapturePacket packet = new CapturePacket();
        final Datagram datagram = new Datagram();
        final DatagramDecoder decoder = new DatagramDecoder(kept);
        try {
            for (int i = 0; i < files.size() && !sample.full(); i++) {
                try (CaptureFile capture = CaptureFile.open(files.get(i))) {
                    if (capture.format() == CaptureFormat.ITCH_MESSAGES) {
                        sample.addMessageFile();
                        continue;
                    }
                    while (!sample.full() && capture.next(packet)) {
                        if (decoder.decode(packet, datagram)) {
                            sample.add(datagram.buffer(), datagram.payloadOffset(), datagram.payloadLength());
                        }
                    }
                }
            }
        } catch (final CaptureFormatException corrupt) {
            // sampled up to the corrupt part; reading the file again reports it after the files before it
        }
        return sample;
    }
}
