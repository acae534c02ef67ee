package dev.weir.codec.payload;

import dev.weir.codec.itch.ItchMessageType;
import dev.weir.codec.itch.MoldFormatException;
import dev.weir.codec.itch.MoldUdp64Packet;
import org.agrona.DirectBuffer;

/**
 * The evidence for MoldUDP64/ITCH 5.0: it matches when at least 90% of the sampled payloads parse as MoldUDP64 with
 * a printable session field and at least 90% of their messages (at least one) have an ITCH 5.0 type and that
 * type's length. Files of length-prefixed ITCH messages are ITCH by their format. Not thread-safe.
 */
public final class ItchSampler implements PayloadSampler {
    private final MoldUdp64Packet packet = new MoldUdp64Packet();
    private int payloads;
    private int mold;
    private long itchMessages;
    private long moldMessages;
    private String firstSession;

    @Override
    public void add(final DirectBuffer buffer, final int offset, final int length) {
        payloads++;
        try {
            packet.wrap(buffer, offset, length);
        } catch (final MoldFormatException notMold) {
            return;
        }
        if (!PrintableText.isText(buffer, offset, MoldUdp64Packet.SESSION_LENGTH)) {
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

    @Override
    public boolean matches() {
        return PayloadSample.atLeastNinetyPercent(mold, payloads) && itchMessages > 0 && PayloadSample.atLeastNinetyPercent(itchMessages, moldMessages);
    }

    @Override
    public String evidence() {
        return mold + " of " + payloads + " sampled payloads parse as MoldUDP64 (first session '" + firstSession + "') and " + itchMessages
                + " of their " + moldMessages + " messages have an ITCH 5.0 type and its length";
    }

    @Override
    public String shortfall() {
        return mold + " parse as MoldUDP64 (" + itchMessages + " of " + moldMessages + " messages ITCH 5.0)";
    }

    @Override
    public String messageFiles(final int files) {
        return files + (files == 1 ? " file holds" : " files hold")
                + " length-prefixed ITCH 5.0 messages (their first messages have ITCH 5.0 types and those types' lengths)";
    }
}
