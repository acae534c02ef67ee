package dev.weir.runtime.chain;

import java.util.function.Consumer;

/** Closes every element of a group even if one throws, then rethrows the first failure with the others suppressed. */
final class CloseEach {
    private CloseEach() {
    }

    /**
     * @param elements what to close, in order
     * @param close closes one element
     * @param <T> the element type
     */
    static <T> void of(final T[] elements, final Consumer<? super T> close) {
        RuntimeException failure = null;
        for (final T element : elements) {
            try {
                close.accept(element);
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
