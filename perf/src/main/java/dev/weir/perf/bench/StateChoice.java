package dev.weir.perf.bench;

import java.util.Arrays;
import java.util.stream.Collectors;

/** Where Weir keeps the benchmark's keyed state ({@code weir bench --state}). */
public enum StateChoice {
    /** On the Java heap. */
    HEAP("heap"),
    /** Off-heap in Chronicle Map behind a write-back cache (docs/state.md). */
    CHRONICLE("chronicle");

    private final String label;

    StateChoice(final String label) {
        this.label = label;
    }

    /** @return the name on the command line */
    public String label() {
        return label;
    }

    /**
     * @param text a choice's name as typed
     * @return that choice
     * @throws IllegalArgumentException naming the valid values if there is none of that name
     */
    public static StateChoice of(final String text) {
        for (final StateChoice choice : values()) {
            if (choice.label.equals(text)) {
                return choice;
            }
        }
        throw new IllegalArgumentException("unknown state backend '" + text + "' (valid values: "
                + Arrays.stream(values()).map(StateChoice::label).collect(Collectors.joining(", ")) + ")");
    }
}
