package dev.weir.tools.cli;

import java.util.StringJoiner;

/** The state backends the command line offers. */
public enum StateKind {
    /** Off-heap in Chronicle Map, behind a write-back cache: the runtime's default. */
    CHRONICLE("chronicle"),
    /** On the Java heap: the reference the off-heap backend is compared with. */
    HEAP("heap");

    private final String label;

    StateKind(final String label) {
        this.label = label;
    }

    /** @return the name on the command line */
    public String label() {
        return label;
    }

    /**
     * @param text a backend's name as typed
     * @return that backend
     * @throws IllegalArgumentException naming the valid values if there is none of that name
     */
    public static StateKind of(final String text) {
        for (final StateKind kind : values()) {
            if (kind.label.equals(text)) {
                return kind;
            }
        }
        final StringJoiner names = new StringJoiner(", ");
        for (final StateKind kind : values()) {
            names.add(kind.label);
        }
        throw new IllegalArgumentException("unknown state backend '" + text + "' (valid values: " + names + ")");
    }
}
