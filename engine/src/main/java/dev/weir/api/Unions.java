package dev.weir.api;

import dev.weir.window.TaggedUnion;
import java.io.Serializable;
import java.util.function.Function;

/**
 * Makes the tagged union of two streams that a window join or coGroup windows: each input's
 * records tagged with their input ({@link TaggedUnion#one}, {@link TaggedUnion#two}), then the two
 * tagged streams unioned into one, so that one valve holds the channels of both
 * (docs/joins.md, "Window join and coGroup"). The tag maps are serializable, so another runtime can
 * ship them. Each input is tagged by its own map step, so a stream joined with
 * itself unions two different streams.
 */
final class Unions {
    private Unions() {
    }

    /**
     * {@code first.map(TaggedUnion::<A, B>one).union(second.map(TaggedUnion::<A, B>two))}.
     *
     * @param first the first input
     * @param second the second input
     * @param <A> the first input's type
     * @param <B> the second input's type
     * @return both inputs' records, tagged, in one stream
     */
    static <A, B> DataStream<TaggedUnion<A, B>> of(final DataStream<A> first, final DataStream<B> second) {
        final Function<A, TaggedUnion<A, B>> tagOne = (Function<A, TaggedUnion<A, B>> & Serializable) TaggedUnion::one;
        final Function<B, TaggedUnion<A, B>> tagTwo = (Function<B, TaggedUnion<A, B>> & Serializable) TaggedUnion::two;
        return first.map(tagOne).union(second.map(tagTwo));
    }
}
