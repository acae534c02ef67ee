package dev.weir.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weir.UserInputError;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Backends by name, with only the engine on the class path: {@code heap} is built in, is the default, takes no
 * settings, and an unknown name lists the valid ones.
 */
class StateBackendsTest {
    @Test
    void heapIsBuiltInFoundByNameAndTheDefault() {
        assertEquals(List.of("heap"), StateBackends.factories().stream().map(StateBackendFactory::name).collect(Collectors.toList()));
        assertEquals("heap", StateBackends.factory("heap").name());
        assertEquals("heap", StateBackends.preferred().name());
        assertSame(HeapStateBackend.INSTANCE, StateBackends.factory("heap").createBackend());
        assertSame(HeapStateBackend.INSTANCE, StateBackends.factory("heap").createBackend(Map.of()));
        assertSame(HeapStateBackend.INSTANCE, StateBackends.defaultBackend());
        assertEquals(Set.of(), StateBackends.factory("heap").settings());
    }

    @Test
    void anUnknownNameListsTheValidOnes() {
        final IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> StateBackends.factory("HEAP"));
        assertEquals("unknown state backend 'HEAP' (valid values: heap)", unknown.getMessage());
    }

    @Test
    void aSettingTheBackendDoesNotTakeIsAUserInputErrorNamingIt() {
        final BackendSettingException refused = assertThrows(BackendSettingException.class,
                () -> StateBackends.factory("heap").createBackend(Map.of("state.dir", "/tmp/state")));
        assertEquals("state.dir", refused.setting());
        assertEquals("is not a setting of the heap state backend", refused.problem());
        assertEquals("state.dir is not a setting of the heap state backend", refused.getMessage());
        assertInstanceOf(UserInputError.class, refused);
    }
}
