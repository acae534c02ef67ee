package dev.weir.engines.command;

/**
 * A {@code weir} subcommand that another module contributes, found with {@link java.util.ServiceLoader} (register the
 * implementation in {@code META-INF/services/dev.weir.engines.command.CommandContribution}) so that the command line
 * does not depend on that module: the perf module contributes {@code weir bench}. The command line adds the command
 * under its name, gives it its version line and its handlers of usage errors and failures; the command's
 * {@code call()} returns one of the {@link CommandExitCodes}. Implementations are stateless and thread-safe.
 */
public interface CommandContribution {
    /** @return the subcommand's name, that of its {@code @Command} annotation, e.g. {@code bench} */
    String name();

    /** @return a new instance of the command: an object of a class annotated with picocli's {@code @Command} */
    Object command();
}
