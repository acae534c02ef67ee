package dev.weir.perf.cli;

/** A {@code weir bench} option or argument with a value it cannot take; printed as {@code weir bench: OPTION: MESSAGE}. */
final class BenchOptionException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String option;

    /**
     * @param option the option as typed, e.g. {@code --rates}, or the argument's label
     * @param message what is wrong with its value
     */
    BenchOptionException(final String option, final String message) {
        super(message);
        this.option = option;
    }

    /** @return the option or argument */
    String option() {
        return option;
    }

    /** @return the line {@code weir bench} prints */
    String line() {
        return "weir bench: " + option + ": " + getMessage();
    }
}
