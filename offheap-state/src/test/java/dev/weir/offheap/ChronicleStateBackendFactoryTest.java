package dev.weir.offheap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.state.BackendSettingException;
import dev.weir.state.StateBackendFactory;
import dev.weir.state.StateBackends;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code chronicle} by name: found beside the built-in {@code heap} and preferred to it; its settings (directory,
 * cap, first map's size) override the defaults, and a value it cannot use names the setting and the problem.
 */
class ChronicleStateBackendFactoryTest {
    private final StateBackendFactory chronicle = StateBackends.factory("chronicle");

    @Test
    void chronicleIsFoundByNameAndPreferred() {
        assertEquals(List.of("chronicle", "heap"), StateBackends.factories().stream().map(StateBackendFactory::name)
                .collect(Collectors.toList()));
        assertEquals("chronicle", StateBackends.preferred().name());
        assertEquals("unknown state backend 'offheap' (valid values: chronicle, heap)",
                assertThrows(IllegalArgumentException.class, () -> StateBackends.factory("offheap")).getMessage());
    }

    @Test
    void theSettingsConfigureTheMaps(@TempDir final Path dir) {
        final ChronicleStateBackend backend = (ChronicleStateBackend) chronicle.createBackend(Map.of(
                "state.max-entries", "5000", "state.initial-entries", "700", "state.dir", dir.toString()));
        assertEquals(5000, backend.config().maxEntries());
        assertEquals(700, backend.config().initialEntries());
        assertEquals(dir, backend.config().stateDirectory());
        final ChronicleStateBackend defaults = (ChronicleStateBackend) chronicle.createBackend(Map.of());
        assertEquals(ChronicleStateConfig.UNBOUNDED, defaults.config().maxEntries());
        assertEquals(null, defaults.config().stateDirectory());
    }

    @Test
    void aValueItCannotUseNamesTheSettingAndTheProblem(@TempDir final Path dir) throws IOException {
        final Path file = Files.writeString(dir.resolve("file"), "x");
        assertRefused("state.max-entries", "must be in 1..100000000, got 0", Map.of("state.max-entries", "0"));
        assertRefused("state.initial-entries", "must be in 1..100000000, got 100000001", Map.of("state.initial-entries", "100000001"));
        assertRefused("state.max-entries", "must be a whole number, got 'ten'", Map.of("state.max-entries", "ten"));
        assertRefused("state.dir", file + " is a file, not a directory", Map.of("state.dir", file.toString()));
        assertRefused("state.cache-entries", "is not a setting of the chronicle state backend", Map.of("state.cache-entries", "5"));
    }

    private void assertRefused(final String setting, final String problem, final Map<String, String> settings) {
        final BackendSettingException refused = assertThrows(BackendSettingException.class, () -> chronicle.createBackend(settings));
        assertEquals(setting, refused.setting());
        assertEquals(problem, refused.problem());
        assertEquals(setting + " " + problem, refused.getMessage());
    }
}
