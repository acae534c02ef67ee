package dev.weir.jobs.scenario;

/** The two inputs of a two-input job ({@code inputs.left}, {@code inputs.right}; the {@code input} column of its element file). */
public enum ScenarioInput {
    /** The first input: a two-input operator's input 1, an interval join's left side. */
    LEFT("left"),
    /** The second input: a two-input operator's input 2, an interval join's right side. */
    RIGHT("right");

    private final String id;

    ScenarioInput(final String id) {
        this.id = id;
    }

    /** @return the name in job and element files and in output lines */
    public String id() {
        return id;
    }

    /** @return 1 for left, 2 for right: the input's number at a two-input operator */
    public int number() {
        return ordinal() + 1;
    }

    /**
     * @param id a name from an element file
     * @return the input, or null if none has that name
     */
    public static ScenarioInput byId(final String id) {
        for (final ScenarioInput input : values()) {
            if (input.id.equals(id)) {
                return input;
            }
        }
        return null;
    }
}
