package dev.weir.flink.window;

import dev.weir.window.TimestampedValue;
import dev.weir.window.Window;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.flink.streaming.api.windowing.evictors.Evictor;

/**
 * A Weir {@link dev.weir.window.Evictor} as Flink's: the window's elements are copied into a Weir
 * list in Flink's (arrival) order, Weir's evictor removes from it, and the elements it removed are
 * removed from Flink's window through Flink's iterator. An element without a Flink timestamp has
 * Weir's {@code Long.MIN_VALUE}. A Weir evictor may only remove elements: one that adds or
 * reorders them fails the job, since Flink's window could not follow. Not thread-safe: Flink calls
 * one instance from one task thread.
 *
 * @param <W> Flink's window type
 */
final class WeirEvictorOnFlink<W extends org.apache.flink.streaming.api.windowing.windows.Window> implements Evictor<Object, W> {
    private static final long serialVersionUID = 1L;

    private final dev.weir.window.Evictor<Object, Window> evictor;
    private transient WeirWindowOf windows;

    @SuppressWarnings("unchecked")
    WeirEvictorOnFlink(final dev.weir.window.Evictor<?, ?> evictor) {
        this.evictor = (dev.weir.window.Evictor<Object, Window>) evictor;
    }

    @Override
    public void evictBefore(final Iterable<org.apache.flink.streaming.runtime.operators.windowing.TimestampedValue<Object>> elements,
            final int size, final W window, final EvictorContext ctx) {
        final List<TimestampedValue<Object>> weir = weir(elements, size);
        final List<TimestampedValue<Object>> before = new ArrayList<>(weir);
        evictor.evictBefore(weir, weir(window), ctx.getCurrentWatermark());
        removeEvicted(elements, before, weir);
    }

    @Override
    public void evictAfter(final Iterable<org.apache.flink.streaming.runtime.operators.windowing.TimestampedValue<Object>> elements,
            final int size, final W window, final EvictorContext ctx) {
        final List<TimestampedValue<Object>> weir = weir(elements, size);
        final List<TimestampedValue<Object>> before = new ArrayList<>(weir);
        evictor.evictAfter(weir, weir(window), ctx.getCurrentWatermark());
        removeEvicted(elements, before, weir);
    }

    @Override
    public String toString() {
        return evictor.toString();
    }

    private Window weir(final W window) {
        if (windows == null) {
            windows = new WeirWindowOf();
        }
        return windows.of(window);
    }

    private static List<TimestampedValue<Object>> weir(
            final Iterable<org.apache.flink.streaming.runtime.operators.windowing.TimestampedValue<Object>> elements, final int size) {
        final List<TimestampedValue<Object>> weir = new ArrayList<>(size);
        for (final org.apache.flink.streaming.runtime.operators.windowing.TimestampedValue<Object> element : elements) {
            weir.add(new TimestampedValue<>(element.getValue(), element.hasTimestamp() ? element.getTimestamp() : Long.MIN_VALUE));
        }
        return weir;
    }

    /** Removes from Flink's elements those whose Weir copy is no longer in {@code kept}, matched by identity in order. */
    private static void removeEvicted(final Iterable<org.apache.flink.streaming.runtime.operators.windowing.TimestampedValue<Object>> elements,
            final List<TimestampedValue<Object>> before, final List<TimestampedValue<Object>> kept) {
        final Iterator<TimestampedValue<Object>> survivors = kept.iterator();
        TimestampedValue<Object> next = survivors.hasNext() ? survivors.next() : null;
        final Iterator<TimestampedValue<Object>> originals = before.iterator();
        for (final Iterator<?> flink = elements.iterator(); flink.hasNext();) {
            flink.next();
            if (originals.next() == next) {
                next = survivors.hasNext() ? survivors.next() : null;
            } else {
                flink.remove();
            }
        }
        if (next != null) {
            throw new IllegalStateException("an evictor added or reordered a window's elements; on Flink an evictor may only remove them");
        }
    }
}
