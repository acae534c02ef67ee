package dev.weir.state;

import dev.weir.UserInputError;

/**
 * A setting given to a {@link StateBackendFactory} that the backend cannot take: not one of its settings, not a
 * number, out of range, a file where a directory belongs. The message is the setting's name and the problem, e.g.
 * {@code state.max-entries must be in 1..100000000, got 0}; a command line puts its option's name in front of
 * {@link #problem()} instead.
 */
public final class BackendSettingException extends IllegalArgumentException implements UserInputError {
    private static final long serialVersionUID = 1L;

    /** The setting, e.g. {@code state.dir}. */
    private final String setting;
    /** What is wrong with its value, e.g. {@code must be in 1..100000000, got 0}. */
    private final String problem;

    /**
     * @param setting the setting's name
     * @param problem what is wrong with it, a phrase that follows the name
     */
    public BackendSettingException(final String setting, final String problem) {
        super(setting + " " + problem);
        this.setting = setting;
        this.problem = problem;
    }

    /** @return the setting's name */
    public String setting() {
        return setting;
    }

    /** @return what is wrong with its value, a phrase that follows a name */
    public String problem() {
        return problem;
    }
}
