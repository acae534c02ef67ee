package dev.weir.pipelines.inspect;

import dev.weir.pipelines.itch.ItchMessageType;
import dev.weir.pipelines.itch.MoldFormatException;
import dev.weir.pipelines.itch.MoldUdp64Packet;
import dev.weir.pipelines.statsd.MalformedLineListener;
import dev.weir.pipelines.statsd.StatsdParser;
import org.agrona.DirectBuffer;

/**
 * Guesses the payload format from the first {@value #SIZE} non-empty payloads. MoldUDP64/ITCH when at least 90% of
 * them parse as MoldUDP64 with a printable session field and at least 90% of their messages (at least one) have an
 * ITCH 5.0 type and that type's length; else StatsD when all of them are printable text and at least 90% of their
 * lines (at least one) have the {@code name:value|type} form; else unknown. The 10% leave room for a few damaged
 * packets, which the decoding then counts. Not thread-safe.
 */
final class PayloadSample {
    /** How many non-empty payloads are looked at. */
    static final int SIZE = 256;

    private final MoldUdp64Packet packet = new MoldUdp64Packet();
    private final StatsdParser parser = new StatsdParser();
    private final MalformedLineListener badLine = (lineOffset, reason) -> this.badLines++;
    private int payloads;
    private int mold;
    private long itchMessages;
    private long moldMessages;
    private String firstSession;
    private int printable;
    private long goodLines;
    private long badLines;
    private int messageFiles;

    /** @return true while no payload was taken */
    boolean empty() {
        return payloads == 0;
    }

    /** @return true once {@value #SIZE} payloads were taken */
    boolean full() {
        return payloads == SIZE;
    }

    /**
     * @param buffer the bytes
     * @param offset the payload's first byte
     * @param length the payload's length; an empty payload is not taken
     */
    void add(final DirectBuffer buffer, final int offset, final int length) {
        if (length == 0 || full()) {
            return;
        }
        payloads++;
        addMold(buffer, offset, length);
        if (isText(buffer, offset, length)) {
            printable++;
            goodLines += parser.parse(buffer, offset, length, metric -> { }, badLine);
        }
    }

    /** Counts a file of length-prefixed ITCH messages: it has no datagrams to sample, its format says what it holds. */
    void addMessageFile() {
        messageFiles++;
    }

    private void addMold(final DirectBuffer buffer, final int offset, final int length) {
        try {
            packet.wrap(buffer, offset, length);
        } catch (final MoldFormatException notMold) {
            return;
        }
        if (!isText(buffer, offset, MoldUdp64Packet.SESSION_LENGTH)) {
            return;
        }
        mold++;
        if (firstSession == null) {
            firstSession = packet.sessionText();
        }
        while (packet.next()) {
            moldMessages++;
            final ItchMessageType type = packet.messageLength() > 0 ? ItchMessageType.of(buffer.getByte(packet.messageOffset())) : null;
            if (type != null && type.length() == packet.messageLength()) {
                itchMessages++;
            }
        }
    }

    /** Printable ASCII, tabs and line ends only. */
    private static boolean isText(final DirectBuffer buffer, final int offset, final int length) {
        for (int i = offset; i < offset + length; i++) {
            final byte b = buffer.getByte(i);
            if ((b < 0x20 || b > 0x7E) && b != '\n' && b != '\r' && b != '\t') {
                return false;
            }
        }
        return true;
    }

    /** @return the guess from the payloads taken so far, with the evidence */
    PayloadGuess guess() {
        if (payloads == 0 && messageFiles > 0) {
            return new PayloadGuess(PayloadKind.ITCH, false, messageFiles + (messageFiles == 1 ? " file holds" : " files hold")
                    + " length-prefixed ITCH 5.0 messages (their first messages have ITCH 5.0 types and those types' lengths)");
        }
        if (payloads == 0) {
            return new PayloadGuess(PayloadKind.UNKNOWN, false, "no non-empty UDP payload to look at");
        }
        if (atLeastNinetyPercent(mold, payloads) && itchMessages > 0 && atLeastNinetyPercent(itchMessages, moldMessages)) {
            return new PayloadGuess(PayloadKind.ITCH, false, mold + " of " + payloads + " sampled payloads parse as MoldUDP64 (first session '"
                    + firstSession + "') and " + itchMessages + " of their " + moldMessages + " messages have an ITCH 5.0 type and its length");
        }
        if (printable == payloads && goodLines > 0 && atLeastNinetyPercent(goodLines, goodLines + badLines)) {
            return new PayloadGuess(PayloadKind.STATSD, false, "all " + payloads + " sampled payloads are printable text and " + goodLines
                    + " of their " + (goodLines + badLines) + " lines have the StatsD form name:value|type");
        }
        return new PayloadGuess(PayloadKind.UNKNOWN, false, "of " + payloads + " sampled payloads " + mold + " parse as MoldUDP64 ("
                + itchMessages + " of " + moldMessages + " messages ITCH 5.0) and " + printable + " are printable text (" + goodLines
                + " of " + (goodLines + badLines) + " lines StatsD); neither reaches 90%");
    }

    /**
     * @param forced the format {@code --decoder} chose
     * @return that format, with what the payloads suggest as the reason
     */
    PayloadGuess chosen(final PayloadKind forced) {
        final PayloadGuess guess = guess();
        if (payloads == 0 && messageFiles > 0) {
            return new PayloadGuess(forced, true, "chosen by --decoder " + forced.optionName() + "; " + guess.reason());
        }
        return new PayloadGuess(forced, true, "chosen by --decoder " + forced.optionName() + "; the payloads suggest "
                + guess.kind().title() + ": " + guess.reason());
    }

    private static boolean atLeastNinetyPercent(final long part, final long whole) {
        return part * 10 >= whole * 9;
    }
}
