package dev.weir.codec.itch;

import java.util.Arrays;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * MoldUDP64 packets that arrived ahead of their session's next expected sequence number, copied and waiting for
 * the packets before them. The payloads lie one after another in a preallocated byte ring, their file name and
 * packet number (for warnings) beside them in a ring of slots in arrival order; per session, an index keeps the
 * waiting packets sorted by sequence number (arrival order among equal ones), so that {@link #first} is the one to
 * decode next.
 *
 * <p>The bound: the ring holds at most {@code maxPackets} packets and {@code maxBytes} bytes counted from the
 * oldest packet still held to the newest, packets released in between included (their room is reused once every
 * packet before them is released too). {@link #fits} says whether one more payload fits; the caller releases
 * packets until it does. Allocates only when a session holds more packets at once than it did before (its index
 * starts small and doubles, up to {@code maxPackets}), so memory follows what is held, not how many sessions there
 * are; not thread-safe.
 */
public final class HeldPackets {
    private final int maxPackets;
    private final byte[] bytes;
    private final UnsafeBuffer view;
    private final long[] start;
    private final int[] length;
    private final long[] sequence;
    private final int[] carried;
    private final int[] session;
    private final String[] file;
    private final long[] packetNumber;
    private final boolean[] live;
    /** The oldest slot in the ring, and the number of slots from it on, released ones included. */
    private int tail;
    private int slots;
    /** Where the next payload's bytes go, counted in bytes since the ring was made (never wraps back). */
    private long head;
    private int held;
    private long heldBytes;
    /** Per session, the held slots sorted by sequence number: {@code order[s][orderStart[s] ...]}. */
    private static final int FIRST_ORDER_LENGTH = 4;
    private int[][] order = new int[0][];
    private int[] orderStart = new int[0];
    private int[] orderCount = new int[0];

    /**
     * @param maxPackets the most packets the ring spans, at least 1
     * @param maxBytes the most payload bytes the ring spans, at least {@link MoldUdp64Packet#HEADER_LENGTH}
     */
    public HeldPackets(final int maxPackets, final int maxBytes) {
        if (maxPackets < 1) {
            throw new IllegalArgumentException("packets to hold must be at least 1: " + maxPackets);
        }
        if (maxBytes < MoldUdp64Packet.HEADER_LENGTH) {
            throw new IllegalArgumentException("bytes to hold must be at least " + MoldUdp64Packet.HEADER_LENGTH + ": " + maxBytes);
        }
        this.maxPackets = maxPackets;
        this.bytes = new byte[maxBytes];
        this.view = new UnsafeBuffer(bytes);
        this.start = new long[maxPackets];
        this.length = new int[maxPackets];
        this.sequence = new long[maxPackets];
        this.carried = new int[maxPackets];
        this.session = new int[maxPackets];
        this.file = new String[maxPackets];
        this.packetNumber = new long[maxPackets];
        this.live = new boolean[maxPackets];
    }

    /** @return packets held */
    public int size() {
        return held;
    }

    /** @return payload bytes held */
    public long bytes() {
        return heldBytes;
    }

    /**
     * @param payloadLength a payload's length
     * @return true if it can be held now without passing the bound
     */
    public boolean fits(final int payloadLength) {
        if (slots == maxPackets) {
            return false;
        }
        final long oldest = slots == 0 ? head : start[tail];
        return placeOf(payloadLength) + payloadLength - oldest <= bytes.length;
    }

    /** @return where a payload of this length starts: at the head, or at the ring's start if it would run past its end */
    private long placeOf(final int payloadLength) {
        final int at = (int) (head % bytes.length);
        return at + payloadLength <= bytes.length ? head : head + bytes.length - at;
    }

    /**
     * Copies a packet in; {@link #fits} must have said it fits.
     *
     * @param sessionIndex its session
     * @param packet the packet, wrapped
     * @param fileName its capture file, for warnings
     * @param packetInFile its number in the file, for warnings
     */
    public void hold(final int sessionIndex, final MoldUdp64Packet packet, final String fileName, final long packetInFile) {
        final int slot = (tail + slots) % maxPackets;
        final int payloadLength = packet.length();
        start[slot] = placeOf(payloadLength);
        head = start[slot] + payloadLength;
        packet.buffer().getBytes(packet.offset(), bytes, (int) (start[slot] % bytes.length), payloadLength);
        length[slot] = payloadLength;
        sequence[slot] = packet.sequenceNumber();
        carried[slot] = packet.carriedMessages();
        session[slot] = sessionIndex;
        file[slot] = fileName;
        packetNumber[slot] = packetInFile;
        live[slot] = true;
        slots++;
        held++;
        heldBytes += payloadLength;
        insert(sessionIndex, slot);
    }

    /** Puts the slot into its session's order, after every held packet of a lower or equal sequence number. */
    private void insert(final int sessionIndex, final int slot) {
        ensureSession(sessionIndex);
        int[] sorted = order[sessionIndex];
        final int from = orderStart[sessionIndex];
        final int count = orderCount[sessionIndex];
        if (sorted == null) {
            order[sessionIndex] = new int[Math.min(FIRST_ORDER_LENGTH, maxPackets)];
        } else if (count == sorted.length) {
            order[sessionIndex] = Arrays.copyOf(sorted, Math.min(sorted.length * 2, maxPackets));
        } else if (from + count == sorted.length) {
            System.arraycopy(sorted, from, sorted, 0, count);
            orderStart[sessionIndex] = 0;
        }
        sorted = order[sessionIndex];
        final int base = orderStart[sessionIndex];
        int at = base + count;
        while (at > base && sequence[sorted[at - 1]] > sequence[slot]) {
            at--;
        }
        System.arraycopy(sorted, at, sorted, at + 1, base + count - at);
        sorted[at] = slot;
        orderCount[sessionIndex] = count + 1;
    }

    private void ensureSession(final int sessionIndex) {
        if (sessionIndex < order.length) {
            return;
        }
        // doubles: a capture of many sessions grows these arrays a few times, not once per session
        final int sessions = Math.max(sessionIndex + 1, order.length * 2);
        order = Arrays.copyOf(order, sessions);
        orderStart = Arrays.copyOf(orderStart, sessions);
        orderCount = Arrays.copyOf(orderCount, sessions);
    }

    /**
     * @param sessionIndex a session
     * @param sequenceNumber a packet's sequence number
     * @param messages its carried messages
     * @return true if a packet of this session with this sequence number and message count is held
     */
    public boolean holds(final int sessionIndex, final long sequenceNumber, final int messages) {
        if (sessionIndex >= order.length) {
            return false;
        }
        final int[] sorted = order[sessionIndex];
        for (int i = orderStart[sessionIndex] + orderCount[sessionIndex] - 1; i >= orderStart[sessionIndex]; i--) {
            final int slot = sorted[i];
            if (sequence[slot] == sequenceNumber && carried[slot] == messages) {
                return true;
            }
            if (sequence[slot] < sequenceNumber) {
                return false;
            }
        }
        return false;
    }

    /**
     * @param sessionIndex a session
     * @return its held packet of the lowest sequence number (the earliest held among equal ones), or -1 if none
     */
    public int first(final int sessionIndex) {
        return sessionIndex < order.length && orderCount[sessionIndex] > 0 ? order[sessionIndex][orderStart[sessionIndex]] : -1;
    }

    /** @return the session of the oldest packet held (earliest arrival); only while {@link #size()} is not 0 */
    public int oldestSession() {
        return session[tail];
    }

    /** @return the slot's sequence number */
    public long sequenceAt(final int slot) {
        return sequence[slot];
    }

    /** @return the slot's capture file name */
    public String fileAt(final int slot) {
        return file[slot];
    }

    /** @return the slot's packet number in its file */
    public long packetNumberAt(final int slot) {
        return packetNumber[slot];
    }

    /**
     * Points a flyweight at a held packet's copy; valid until the ring's room is reused by a later {@link #hold}.
     *
     * @param slot a held slot
     * @param packet the flyweight
     * @return the packet
     */
    public MoldUdp64Packet wrap(final int slot, final MoldUdp64Packet packet) {
        return packet.wrap(view, (int) (start[slot] % bytes.length), length[slot]);
    }

    /**
     * Takes the session's {@link #first} packet out; its room is reused once every older packet is released too.
     *
     * @param sessionIndex a session with a packet held
     */
    public void releaseFirst(final int sessionIndex) {
        final int slot = first(sessionIndex);
        orderStart[sessionIndex]++;
        orderCount[sessionIndex]--;
        live[slot] = false;
        file[slot] = null;
        held--;
        heldBytes -= length[slot];
        while (slots > 0 && !live[tail]) {
            tail = (tail + 1) % maxPackets;
            slots--;
        }
    }
}
