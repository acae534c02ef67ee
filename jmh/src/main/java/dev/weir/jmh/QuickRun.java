package dev.weir.jmh;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@code --quick}, {@code jmh/run}'s own option: short runs of every selected benchmark (1 fork, one
 * 1 s warm-up iteration, two 1 s measured iterations), enough to see that all of them run and to spot
 * a regression between two runs on one machine, not to quote. Each of those run lengths the command
 * line gives itself, as an option word followed by its value, wins. Stateless; thread-safe.
 */
final class QuickRun {
    /** The option word. */
    static final String OPTION = "--quick";

    /** JMH's options that {@code --quick} sets, each followed by its value. */
    private static final String[][] DEFAULTS = {
        {"-f", "1"}, {"-wi", "1"}, {"-w", "1s"}, {"-i", "2"}, {"-r", "1s"},
    };

    private QuickRun() {
    }

    /**
     * @param args {@code jmh/run}'s command line
     * @return JMH's command line: {@code args} unchanged without {@code --quick}; with it, {@code --quick}
     *     removed and the run lengths the caller did not give put in front
     */
    static String[] jmhArguments(final String[] args) {
        final List<String> rest = new ArrayList<>(Arrays.asList(args));
        if (!rest.remove(OPTION)) {
            return args;
        }
        while (rest.remove(OPTION)) {
            // given twice means the same as once
        }
        final List<String> jmh = new ArrayList<>();
        for (final String[] option : DEFAULTS) {
            if (!rest.contains(option[0])) {
                jmh.add(option[0]);
                jmh.add(option[1]);
            }
        }
        jmh.addAll(rest);
        return jmh.toArray(new String[0]);
    }
}
