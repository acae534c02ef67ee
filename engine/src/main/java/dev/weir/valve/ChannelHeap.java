package dev.weir.valve;

/**
 * A primitive binary min-heap of channel indexes ordered by their watermark, with each
 * channel's position kept so that a channel's key can rise or the channel can leave in
 * O(log n). No boxing; sized once for the channel count. Not thread-safe.
 */
final class ChannelHeap {
    private final long[] watermarks;
    private final int[] heap;
    private final int[] positions;
    private int size;

    ChannelHeap(final long[] watermarks) {
        this.watermarks = watermarks;
        this.heap = new int[watermarks.length];
        this.positions = new int[watermarks.length];
        java.util.Arrays.fill(positions, -1);
    }

    boolean isEmpty() {
        return size == 0;
    }

    boolean contains(final int channel) {
        return positions[channel] >= 0;
    }

    /** @return the channel with the lowest watermark; the heap must not be empty */
    int peek() {
        return heap[0];
    }

    void add(final int channel) {
        heap[size] = channel;
        positions[channel] = size;
        size++;
        siftUp(size - 1);
    }

    void remove(final int channel) {
        final int position = positions[channel];
        positions[channel] = -1;
        size--;
        if (position == size) {
            return;
        }
        final int last = heap[size];
        heap[position] = last;
        positions[last] = position;
        siftDown(position);
        siftUp(positions[last]);
    }

    /** Restores heap order after the channel's watermark rose. */
    void increased(final int channel) {
        siftDown(positions[channel]);
    }

    private void siftUp(final int from) {
        int i = from;
        final int channel = heap[i];
        while (i > 0) {
            final int parent = (i - 1) >>> 1;
            if (watermarks[heap[parent]] <= watermarks[channel]) {
                break;
            }
            move(heap[parent], i);
            i = parent;
        }
        move(channel, i);
    }

    private void siftDown(final int from) {
        int i = from;
        final int channel = heap[i];
        while (true) {
            final int left = 2 * i + 1;
            if (left >= size) {
                break;
            }
            final int right = left + 1;
            final int child = right < size && watermarks[heap[right]] < watermarks[heap[left]] ? right : left;
            if (watermarks[heap[child]] >= watermarks[channel]) {
                break;
            }
            move(heap[child], i);
            i = child;
        }
        move(channel, i);
    }

    private void move(final int channel, final int position) {
        heap[position] = channel;
        positions[channel] = position;
    }
}
