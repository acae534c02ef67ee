package dev.weir.pipelines.trades;

import dev.weir.codec.itch.ItchMessageType;
import org.agrona.DirectBuffer;

/**
 * Sees every ITCH message an {@link ItchTradeDecoder} applies, in sequence order (after its MoldUDP64 hold has put
 * reordered packets back in place and dropped repeats), before the decoder applies it to its own book: how a decoder
 * of other events ({@code dev.weir.pipelines.tca.ItchOrderDecoder}) shares the trade decoder's sequencing. Called on
 * the decoder's thread; the bytes are valid during the call only.
 */
@FunctionalInterface
public interface ItchMessageTap {
    /**
     * @param type the message's type
     * @param buffer the bytes
     * @param offset where the message's type byte is
     * @param length the message's length
     */
    void message(ItchMessageType type, DirectBuffer buffer, int offset, int length);
}
