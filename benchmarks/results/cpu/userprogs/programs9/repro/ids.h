inline int my_gid(void) { return (int)get_global_id(0); }
