package dev.weir.codec.statsd;

import java.util.Arrays;
import org.agrona.DirectBuffer;

/**
 * One parsed StatsD line {@code name:value|type[|@rate][|#tag,...]}, a flyweight the
 * {@link StatsdParser} re-points at each line: nothing is copied, the name, value text and tags are
 * {@link ByteSpan}s into the payload. Valid only while the handler it is passed to runs. Not
 * thread-safe.
 */
public final class StatsdMetric {
    private static final int INITIAL_TAGS = 8;

    private final ByteSpan name = new ByteSpan();
    private final ByteSpan valueText = new ByteSpan();
    private DirectBuffer buffer;
    private int lineOffset;
    private MetricType type;
    private double value;
    private boolean delta;
    private double sampleRate;
    private int tagCount;
    private int[] tagStarts = new int[INITIAL_TAGS];
    private int[] tagLengths = new int[INITIAL_TAGS];

    /** Only a {@link StatsdParser} makes metrics: each parser fills its own one. */
    StatsdMetric() {
        this.sampleRate = 1.0;
    }

    /** @return the metric name, never empty; the same span object on every call */
    public ByteSpan name() {
        return name;
    }

    /** @return the type field */
    public MetricType type() {
        return type;
    }

    /**
     * @return the value as a double, for every type but {@link MetricType#SET}; a gauge delta keeps its
     *     sign ({@code -3} is -3.0); units are the sender's (milliseconds for {@link MetricType#TIMER})
     * @throws IllegalStateException for a set, whose value is opaque text ({@link #member})
     */
    public double value() {
        if (type == MetricType.SET) {
            throw new IllegalStateException("a set's value is a member, not a number");
        }
        return value;
    }

    /**
     * @return true for a gauge whose value is written with a sign ({@code +5}, {@code -3}): a change of
     *     the current level rather than a new level; false for every other gauge and every other type
     */
    public boolean isDelta() {
        return delta;
    }

    /** @return the value exactly as written, for any type; the same span object on every call */
    public ByteSpan valueText() {
        return valueText;
    }

    /**
     * @return the set member, the value as written (opaque, not parsed); the same span as {@link #valueText}
     * @throws IllegalStateException if this is not a {@link MetricType#SET}
     */
    public ByteSpan member() {
        if (type != MetricType.SET) {
            throw new IllegalStateException("only a set has a member, this is a " + type.symbol());
        }
        return valueText;
    }

    /** @return the sample rate in (0,1]; 1.0 when the line gives none */
    public double sampleRate() {
        return sampleRate;
    }

    /** @return the number of tags, 0 when the line has no {@code |#} field */
    public int tagCount() {
        return tagCount;
    }

    /**
     * @param index 0 to {@code tagCount() - 1}
     * @param target the span to point at the tag
     * @return {@code target}, showing the whole tag as written, e.g. {@code env:prod} or {@code canary}
     */
    public ByteSpan tag(final int index, final ByteSpan target) {
        checkTag(index);
        return target.wrap(buffer, tagStarts[index], tagLengths[index]);
    }

    /**
     * @param index 0 to {@code tagCount() - 1}
     * @param target the span to point at the tag's name
     * @return {@code target}, showing the tag up to its first {@code :}, or all of it if it has none
     */
    public ByteSpan tagName(final int index, final ByteSpan target) {
        checkTag(index);
        final int colon = tagColon(index);
        return target.wrap(buffer, tagStarts[index], (colon < 0 ? tagStarts[index] + tagLengths[index] : colon) - tagStarts[index]);
    }

    /**
     * @param index 0 to {@code tagCount() - 1}
     * @param target the span to point at the tag's value
     * @return {@code target}, showing the tag after its first {@code :}; empty if it has none
     */
    public ByteSpan tagValue(final int index, final ByteSpan target) {
        checkTag(index);
        final int colon = tagColon(index);
        final int end = tagStarts[index] + tagLengths[index];
        return colon < 0 ? target.wrap(buffer, end, 0) : target.wrap(buffer, colon + 1, end - colon - 1);
    }

    /** @return the byte offset of this metric's line within the payload (0 for the first line) */
    public int lineOffset() {
        return lineOffset;
    }

    /** @return the line in a canonical form, e.g. {@code a.b:5|c|@0.5|#x:1}; allocates, for diagnostics */
    @Override
    public String toString() {
        final StringBuilder text = new StringBuilder().append(name).append(':').append(valueText).append('|').append(type.symbol());
        if (sampleRate != 1.0) {
            text.append("|@").append(sampleRate);
        }
        final ByteSpan tag = new ByteSpan();
        for (int i = 0; i < tagCount; i++) {
            text.append(i == 0 ? "|#" : ",").append(tag(i, tag));
        }
        return text.toString();
    }

    void startLine(final DirectBuffer buffer, final int lineOffset) {
        this.buffer = buffer;
        this.lineOffset = lineOffset;
        this.sampleRate = 1.0;
        this.tagCount = 0;
        this.delta = false;
        this.value = Double.NaN;
    }

    void name(final int offset, final int length) {
        name.wrap(buffer, offset, length);
    }

    void value(final MetricType type, final int offset, final int length, final double value, final boolean delta) {
        this.type = type;
        this.value = value;
        this.delta = delta;
        valueText.wrap(buffer, offset, length);
    }

    void sampleRate(final double sampleRate) {
        this.sampleRate = sampleRate;
    }

    void addTag(final int offset, final int length) {
        if (tagCount == tagStarts.length) {
            // grows during warm-up only: a steady stream of lines never carries more tags than seen before
            tagStarts = Arrays.copyOf(tagStarts, tagCount * 2);
            tagLengths = Arrays.copyOf(tagLengths, tagCount * 2);
        }
        tagStarts[tagCount] = offset;
        tagLengths[tagCount] = length;
        tagCount++;
    }

    private int tagColon(final int index) {
        final int end = tagStarts[index] + tagLengths[index];
        for (int i = tagStarts[index]; i < end; i++) {
            if (buffer.getByte(i) == ':') {
                return i;
            }
        }
        return -1;
    }

    private void checkTag(final int index) {
        if (index < 0 || index >= tagCount) {
            throw new IndexOutOfBoundsException("tag " + index + " of " + tagCount);
        }
    }
}
