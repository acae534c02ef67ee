package dev.weir.window;

import java.util.Objects;

/**
 * An element of either of two inputs, tagged with its input, as Flink's
 * {@code CoGroupedStreams.TaggedUnion}: a window join or coGroup tags both inputs, unions them,
 * keys the union and windows it, so one window operator holds both sides. Exactly one of the two
 * values is set; it is never null.
 *
 * @param <T1> the first input's type
 * @param <T2> the second input's type
 */
public final class TaggedUnion<T1, T2> {
    private final T1 one;
    private final T2 two;

    private TaggedUnion(final T1 one, final T2 two) {
        this.one = one;
        this.two = two;
    }

    /**
     * @param value an element of the first input
     * @param <T1> the first input's type
     * @param <T2> the second input's type
     * @return it, tagged as the first input's
     */
    public static <T1, T2> TaggedUnion<T1, T2> one(final T1 value) {
        return new TaggedUnion<>(Objects.requireNonNull(value, "value"), null);
    }

    /**
     * @param value an element of the second input
     * @param <T1> the first input's type
     * @param <T2> the second input's type
     * @return it, tagged as the second input's
     */
    public static <T1, T2> TaggedUnion<T1, T2> two(final T2 value) {
        return new TaggedUnion<>(null, Objects.requireNonNull(value, "value"));
    }

    /** @return whether this is an element of the first input */
    public boolean isOne() {
        return one != null;
    }

    /** @return whether this is an element of the second input */
    public boolean isTwo() {
        return two != null;
    }

    /** @return the first input's element, or null if this is the second's */
    public T1 getOne() {
        return one;
    }

    /** @return the second input's element, or null if this is the first's */
    public T2 getTwo() {
        return two;
    }

    @Override
    public boolean equals(final Object other) {
        return other instanceof TaggedUnion<?, ?> union && Objects.equals(one, union.one) && Objects.equals(two, union.two);
    }

    @Override
    public int hashCode() {
        return isOne() ? 31 * one.hashCode() : 31 * two.hashCode() + 1;
    }

    /** @return {@code one(value)} or {@code two(value)} */
    @Override
    public String toString() {
        return isOne() ? "one(" + one + ")" : "two(" + two + ")";
    }
}
