package dev.weir.codec.payload;

import org.agrona.DirectBuffer;

/** Whether bytes are text a person could read: printable ASCII, tabs and line ends only. Stateless. */
final class PrintableText {
    private PrintableText() {
    }

    /**
     * @param buffer the bytes
     * @param offset the first byte
     * @param length how many
     * @return true if every byte is printable ASCII, a tab or a line end
     */
    static boolean isText(final DirectBuffer buffer, final int offset, final int length) {
        for (int i = offset; i < offset + length; i++) {
            final byte b = buffer.getByte(i);
            if ((b < 0x20 || b > 0x7E) && b != '\n' && b != '\r' && b != '\t') {
                return false;
            }
        }
        return true;
    }
}
