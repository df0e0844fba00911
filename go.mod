module maxmatch

go 1.26
