// libmicrohttpd, loaded on first use (include/CMicroHTTPD.h, lazy_library.h), and the calls Swift cannot make
// itself: MHD_start_daemon, MHD_get_daemon_info and MHD_get_connection_info take varargs.
#include "CMicroHTTPD.h"

GALLEY_LAZY_LIBRARY(mhd, "libmicrohttpd.so.12", "libmicrohttpd12", GALLEY_MHD_FUNCTIONS)

struct MHD_Daemon *galley_mhd_start(const struct sockaddr_in *address, MHD_AccessHandlerCallback handler,
                                    void *handler_context, MHD_RequestCompletedCallback completed,
                                    void *completed_context, unsigned int connection_limit,
                                    unsigned int timeout_seconds, size_t stack_size) {
    galley_lazy_require(&galley_lazy_state);
    unsigned int flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_POLL_INTERNAL_THREAD | MHD_USE_ITC
        | MHD_USE_ERROR_LOG;
    return GALLEY_LAZY_FUNCTION(MHD_start_daemon)(
        flags, ntohs(address->sin_port), NULL, NULL, handler, handler_context,
        MHD_OPTION_SOCK_ADDR, (const struct sockaddr *)address,
        MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
        MHD_OPTION_THREAD_STACK_SIZE, stack_size,
        MHD_OPTION_LISTENING_ADDRESS_REUSE, (unsigned int)1,
        MHD_OPTION_END);
}

uint16_t galley_mhd_port(struct MHD_Daemon *daemon) {
    galley_lazy_require(&galley_lazy_state);
    const union MHD_DaemonInfo *info = GALLEY_LAZY_FUNCTION(MHD_get_daemon_info)(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

void galley_mhd_client_address(struct MHD_Connection *connection, char *buffer, socklen_t size) {
    buffer[0] = 0;
    galley_lazy_require(&galley_lazy_state);
    const union MHD_ConnectionInfo *info =
        GALLEY_LAZY_FUNCTION(MHD_get_connection_info)(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (!info || !info->client_addr) return;
    const struct sockaddr *address = info->client_addr;
    if (address->sa_family == AF_INET) {
        inet_ntop(AF_INET, &((const struct sockaddr_in *)address)->sin_addr, buffer, size);
    } else if (address->sa_family == AF_INET6) {
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)address)->sin6_addr, buffer, size);
    }
}
