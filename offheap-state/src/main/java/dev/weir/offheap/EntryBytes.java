package dev.weir.offheap;

import dev.weir.state.StateInput;
import dev.weir.state.StateOutput;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A reusable, growable run of bytes: a serialized map key or value on its way into or out of
 * Chronicle Map. Grows only when a longer entry comes; otherwise allocates nothing. Not
 * thread-safe.
 */
final class EntryBytes {
    private final UnsafeBuffer view = new UnsafeBuffer(new byte[0]);
    private byte[] bytes;
    private int length;

    /** @param initialCapacity bytes before the first growth */
    EntryBytes(final int initialCapacity) {
        this.bytes = new byte[Math.max(16, initialCapacity)];
        view.wrap(bytes);
    }

    /** @return the backing array, valid from 0 to {@link #length()} */
    byte[] bytes() {
        return bytes;
    }

    /** @return the number of valid bytes */
    int length() {
        return length;
    }

    /**
     * Makes room for {@code size} bytes, which the caller then writes into {@link #bytes()}.
     *
     * @param size the new length
     */
    void resize(final int size) {
        if (size > bytes.length) {
            bytes = new byte[Math.max(size, bytes.length * 2)];
            view.wrap(bytes);
        }
        length = size;
    }

    /** @param source what a serializer wrote; copied */
    void copyOf(final StateOutput source) {
        resize(source.length());
        source.buffer().getBytes(0, bytes, 0, length);
    }

    /**
     * @param input re-pointed at these bytes
     * @return {@code input}
     */
    StateInput readWith(final StateInput input) {
        return input.wrap(view, 0, length);
    }
}
