package dev.weir.tools;

import java.util.HashSet;
import java.util.Set;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/**
 * What Weir's libraries log through {@code java.util.logging} (a CPU that cannot be pinned, busy-spinning tasks sharing
 * threads, a missing JMX bean), printed as the command line's own stderr lines: a warning as one
 * {@code weir: warning: ...} line, a notice as one {@code weir: ...} line, each text once per command however often it
 * is logged (every round of {@code weir bench} builds its pipeline anew), and nothing below {@link Level#INFO}. Without
 * it the JDK's console handler would print two lines per record, a date and the logger's class first.
 */
final class LogLines extends Handler {
    private static final String LIBRARY_PREFIX = "weir: ";
    private static final Logger WEIR = Logger.getLogger("dev.weir");
    private static final LogLines INSTANCE = new LogLines();
    private static final SimpleFormatter FORMATTER = new SimpleFormatter();

    private final Set<String> printed = new HashSet<>();

    private LogLines() {
        setLevel(Level.INFO);
    }

    /** Routes the records of the {@code dev.weir} loggers here, for one command: texts printed before may print again. */
    static void install() {
        synchronized (INSTANCE) {
            INSTANCE.printed.clear();
        }
        WEIR.setLevel(Level.INFO);
        WEIR.setUseParentHandlers(false);
        for (final Handler handler : WEIR.getHandlers()) {
            if (handler == INSTANCE) {
                return;
            }
        }
        WEIR.addHandler(INSTANCE);
    }

    @Override
    public void publish(final LogRecord record) {
        if (!isLoggable(record)) {
            return;
        }
        final String text = FORMATTER.formatMessage(record);
        final String message = text.startsWith(LIBRARY_PREFIX) ? text.substring(LIBRARY_PREFIX.length()) : text;
        final String line = (record.getLevel().intValue() >= Level.WARNING.intValue() ? "weir: warning: " : LIBRARY_PREFIX) + message;
        synchronized (this) {
            if (printed.add(line)) {
                // System.err as it is now: tests of the command line capture it
                System.err.println(line);
                System.err.flush();
            }
        }
    }

    @Override
    public void flush() {
        System.err.flush();
    }

    @Override
    public void close() {
        flush();
    }
}
