package dev.weir.codec.payload;

import org.agrona.DirectBuffer;

/**
 * What the first payloads of some captures say for one {@link PayloadFormat}: {@link PayloadSample} hands every
 * sampled payload to the sampler of each format and takes the first format, in {@link PayloadFormat#order()},
 * whose sampler {@link #matches()}. Not thread-safe.
 */
public interface PayloadSampler {
    /**
     * Takes one sampled payload.
     *
     * @param buffer the bytes
     * @param offset the payload's first byte
     * @param length the payload's length, at least 1
     */
    void add(DirectBuffer buffer, int offset, int length);

    /** @return true if the payloads taken so far are of this format */
    boolean matches();

    /**
     * @return the evidence for {@link #matches()}, one clause without a trailing period, e.g. {@code all 2 sampled
     *     payloads are printable text and ...}
     */
    String evidence();

    /**
     * @return what the payloads show of this format when it does not match, a clause that follows "of N sampled
     *     payloads", e.g. {@code 8 parse as MoldUDP64 (8 of 8 messages ITCH 5.0)}
     */
    String shortfall();

    /**
     * @param files how many files of length-prefixed ITCH 5.0 messages were given (they have no datagrams to sample)
     * @return the evidence that those files are of this format, or null if this format does not read such files
     */
    String messageFiles(int files);
}
